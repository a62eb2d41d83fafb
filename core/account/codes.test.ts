import { describeCodeTables } from "#tests/helpers/code-tables.ts";
import { BANK_ACCOUNT_TYPES } from "./codes.ts";

describeCodeTables([["bank account types", BANK_ACCOUNT_TYPES, ["1", "2"]]]);
