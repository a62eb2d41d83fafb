import { deviceForForm } from "#core/catalog/check-imei.ts";
import { isAppError, localizeError } from "#core/shared/errors.ts";
import type { Locale } from "#core/shared/locale.ts";
import { core } from "./request.server.ts";

/**
 * A form's IMEI look-up (`useImeiDevice`), for a member the page has let in: the maker, model and
 * category of `?imei=` as JSON, `{ device }` (null for a device the TAC table does not know), or
 * `{ error }` with the IMEI's message and the error's status.
 */
export async function imeiDeviceAnswer(
  context: Parameters<typeof core>[0],
  request: Request,
  o: { lang: Locale; actorId: number },
): Promise<Response> {
  const imei = new URL(request.url).searchParams.get("imei") ?? "";
  const headers = { "Cache-Control": "private, no-store" };
  try {
    const device = await deviceForForm(core(context), { actorId: o.actorId, input: { imei } });
    return Response.json({ device }, { headers });
  } catch (error) {
    if (!isAppError(error)) throw error;
    const text = localizeError(error, o.lang);
    return Response.json(
      { error: { message: text.fields.imei ?? text.message } },
      { status: error.status, headers },
    );
  }
}
