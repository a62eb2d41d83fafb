import { describeCodeTables } from "#tests/helpers/code-tables.ts";
import { CONVENIENCE_STORES } from "./codes.ts";

describeCodeTables([["convenience stores", CONVENIENCE_STORES, ["10001", "10002", "10005", "10008"]]]);
