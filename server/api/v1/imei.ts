import { z } from "zod";
import { checkImei, IMEI_LABELS, ZImeiCheck } from "#core/catalog/check-imei.ts";
import { defineRoute } from "../define.ts";

const ZImeiResult = z.object({
  imei: z.string(),
  tac: z.string().describe("Type Allocation Code: the first 8 digits"),
  brand: z.object({ code: z.string(), name: z.string() }).nullable(),
  model: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  networkRestriction: z
    .enum(["○", "△", "×", "−"])
    .describe("○ none, △ instalments unpaid, × restricted, − not applicable"),
  checkedAt: z.iso.datetime(),
});

export const imeiRoutes = [
  defineRoute({
    method: "post",
    path: "/imei-checks",
    summary:
      "Check an IMEI: check digit, maker and model from its TAC, network-use restriction (limited per IP)",
    tag: "catalog",
    auth: "none",
    body: ZImeiCheck,
    labels: IMEI_LABELS,
    responses: {
      200: { description: "The IMEI is valid", schema: ZImeiResult },
      422: { description: "Not a valid IMEI (IMEIを正しく入力してください)" },
      429: { description: "Too many checks from this address" },
    },
    async handler({ ctx, body, ip }) {
      const result = await checkImei(ctx, { input: body, ip });
      return { status: 200, body: { ...result, checkedAt: result.checkedAt.toISOString() } };
    },
  }),
];
