import { z } from "zod";
import { ZAddress } from "#core/account/address-fields.ts";
import { ACCOUNT_FIELD_LABELS } from "#core/account/fields.ts";
import { type Address, getAddress } from "#core/account/get-address.ts";
import { findAddressesByPostalCode } from "#core/account/postal-lookup.ts";
import { saveAddress } from "#core/account/save-address.ts";
import { codesOf, isCodeOf, labelOf, PREFECTURES } from "#core/shared/codes.ts";
import { AppError } from "#core/shared/errors.ts";
import { msg } from "#core/shared/i18n/translate.ts";
import { defineRoute } from "../define.ts";

const ZAddressResponse = z.object({
  familyName: z.string(),
  givenName: z.string(),
  familyNameKana: z.string(),
  givenNameKana: z.string(),
  postalCode: z.string().regex(/^\d{7}$/),
  prefectureCode: z.enum(codesOf(PREFECTURES)),
  city: z.string(),
  street: z.string(),
  building: z.string(),
  phone: z.string(),
  updatedAt: z.iso.datetime(),
});

const NO_ADDRESS = msg("account.errors.noAddress");

function addressJson(address: Address) {
  return { ...address, updatedAt: address.updatedAt.toISOString() };
}

export const addressRoutes = [
  defineRoute({
    method: "get",
    path: "/me/address",
    summary: "The member's address",
    tag: "settings",
    auth: "user",
    responses: {
      200: { description: "The address", schema: ZAddressResponse },
      404: { description: "No address saved yet" },
    },
    async handler({ ctx, actor }) {
      const address = await getAddress(ctx, actor!.id);
      if (!address) throw new AppError("NOT_FOUND", { message: NO_ADDRESS });
      return { status: 200, body: addressJson(address), headers: { "Cache-Control": "no-store" } };
    },
  }),
  defineRoute({
    method: "put",
    path: "/me/address",
    summary: "Save the member's address (postal code as 7 digits; names in katakana too)",
    tag: "settings",
    auth: "user",
    body: ZAddress,
    labels: ACCOUNT_FIELD_LABELS,
    responses: { 200: { description: "Saved", schema: ZAddressResponse } },
    async handler({ ctx, actor, body }) {
      return { status: 200, body: addressJson(await saveAddress(ctx, { userId: actor!.id, input: body })) };
    },
  }),
  defineRoute({
    method: "get",
    path: "/postal-codes/{code}",
    summary: "Prefecture, city and towns for a Japanese postal code (Japan Post data)",
    tag: "settings",
    auth: "none",
    labels: ACCOUNT_FIELD_LABELS,
    responses: {
      200: {
        description: "The addresses the code covers; a town is empty when the code covers a whole city",
        schema: z.object({
          postalCode: z.string(),
          addresses: z.array(
            z.object({
              prefectureCode: z.enum(codesOf(PREFECTURES)),
              prefecture: z.string(),
              city: z.string(),
              town: z.string(),
            }),
          ),
        }),
      },
      404: { description: "No address has this postal code" },
      422: { description: "Not a 7-digit postal code" },
    },
    async handler({ params }) {
      const { postalCode, addresses } = findAddressesByPostalCode({ postalCode: params.code });
      return {
        status: 200,
        body: {
          postalCode,
          addresses: addresses.map((a) => ({
            ...a,
            prefecture: isCodeOf(PREFECTURES, a.prefectureCode)
              ? labelOf(PREFECTURES, a.prefectureCode, "ja")
              : "",
          })),
        },
        headers: { "Cache-Control": "public, max-age=86400" },
      };
    },
  }),
];
