import path from "node:path";
import type { Config } from "@react-router/dev/config";
import { writeBuildId } from "./server/build-id.ts";

export default {
  appDirectory: "app",
  buildDirectory: "build",
  ssr: true,
  routeDiscovery: { mode: "initial" },
  // The build's id, which open pages compare with the deployed one (decision 029).
  buildEnd: ({ reactRouterConfig }) => {
    writeBuildId(path.join(reactRouterConfig.buildDirectory, "client"));
  },
} satisfies Config;
