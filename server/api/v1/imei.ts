import { z } from "zod";
import { checkImei, IMEI_LABELS, ZImeiCheck } from "#core/catalog/check-imei.ts";
import { defineRoute } from "../define.ts";

const ZImeiResult = z.object({
  imei: z.string(),
  tac: z.string().describe("Type Allocation Code: the first 8 digits"),
  known: z
    .boolean()
    .describe("Whether the device is in the TAC table; when false, maker, model and status are null"),
  brand: z.object({ code: z.string(), name: z.string() }).nullable(),
  model: z
    .object({
      id: z.number().int(),
      name: z.string(),
      categoryCode: z.string().describe("The model's category code (GET /catalog/codes)"),
    })
    .nullable(),
  networkRestriction: z
    .enum(["○", "△", "×", "−"])
    .nullable()
    .describe(
      "○ none, △ instalments unpaid, × restricted, − not applicable; null: unknown device, or not looked up",
    ),
  restrictionChecked: z
    .boolean()
    .describe(
      "Whether the carriers' lookup answered; false for an unknown device or where no lookup is configured",
    ),
  checkedAt: z.iso.datetime().nullable(),
});

export const imeiRoutes = [
  defineRoute({
    method: "post",
    path: "/imei-checks",
    summary:
      "Check an IMEI (spaces and hyphens allowed): check digit, maker, model and category from its TAC, network-use restriction of a known device (limited per IP)",
    tag: "catalog",
    auth: "none",
    body: ZImeiCheck,
    labels: IMEI_LABELS,
    responses: {
      200: { description: "The IMEI is valid", schema: ZImeiResult },
      422: {
        description:
          "Not a valid IMEI: not 15 digits (IMEIは15桁の数字で入力してください), or a wrong check digit (IMEIを正しく入力してください)",
      },
      429: { description: "Too many checks from this address" },
    },
    async handler({ ctx, body, ip }) {
      const result = await checkImei(ctx, { input: body, ip });
      return { status: 200, body: { ...result, checkedAt: result.checkedAt?.toISOString() ?? null } };
    },
  }),
];
