import { data } from "react-router";
import { BUYBACK_QUESTIONS, type BuybackQuestion, type TBuybackDevice } from "#core/buyback/device-fields.ts";
import { BUYBACK_RULES } from "#core/buyback/rules.ts";
import type { SessionUser } from "#core/identity/sessions.ts";
import type { Locale } from "#core/shared/locale.ts";
import { clearCookie, serializeCookie } from "#server/cookies.ts";
import { DEVICE_FIELDS, type DeviceValues, deviceField } from "../../lib/buyback-devices.ts";
import { cookiesOf, requireUser, secureCookies } from "../../lib/request.server.ts";

type Ctx = Parameters<typeof requireUser>[0];

/**
 * A page of the member's buyback: visitors go to the login page (and come back), business buyers
 * and operators get a 403 (they never sell to the buyback).
 */
export function requireMember(context: Ctx, request: Request, lang: Locale): SessionUser {
  const user = requireUser(context, request, lang);
  if (user.role !== "member") throw data("Forbidden", { status: 403 });
  return user;
}

const QUESTIONS = Object.keys(BUYBACK_QUESTIONS) as BuybackQuestion[];

/** The devices of the application form, as typed: `count` devices of `devices.{i}.{field}`. */
export function devicesFromForm(form: FormData, count = Number(form.get("count"))): DeviceValues[] {
  const n = Number.isInteger(count)
    ? Math.min(Math.max(count, 0), BUYBACK_RULES.maxDevicesPerApplication)
    : 0;
  const get = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v.slice(0, 100) : "";
  };
  return Array.from({ length: n }, (_, i) =>
    Object.fromEntries(DEVICE_FIELDS.map((f) => [f, get(deviceField(i, f))])),
  ) as DeviceValues[];
}

/** A device as the core reads it. */
export function deviceInput(d: DeviceValues): TBuybackDevice {
  return {
    categoryCode: d.categoryCode,
    modelId: d.modelId,
    storageGb: d.storageGb,
    imei: d.imei,
    answers: Object.fromEntries(QUESTIONS.map((q) => [q, d[`answers.${q}`]])),
    checkId: d.checkId,
  };
}

// The devices typed on the application page wait in a short-lived cookie for the confirm page, so
// both steps work without JavaScript. Everything in it is checked again when the member applies.
const DRAFT_COOKIE = "tsugu_buyback_draft";
const DRAFT_SECONDS = 24 * 60 * 60;

type Draft = { u: number; d: string[][] };

export function draftCookie(context: Ctx, userId: number, devices: DeviceValues[]): string {
  const draft: Draft = { u: userId, d: devices.map((d) => DEVICE_FIELDS.map((f) => d[f])) };
  return serializeCookie(DRAFT_COOKIE, Buffer.from(JSON.stringify(draft)).toString("base64url"), {
    secure: secureCookies(context),
    maxAge: DRAFT_SECONDS,
  });
}

export function clearDraftCookie(context: Ctx): string {
  return clearCookie(DRAFT_COOKIE, secureCookies(context));
}

/** The member's own devices waiting for the confirm page, or null. */
export function readDraft(request: Request, userId: number): DeviceValues[] | null {
  const raw = cookiesOf(request)[DRAFT_COOKIE];
  if (!raw) return null;
  try {
    const draft = JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) as Draft;
    if (draft.u !== userId || !Array.isArray(draft.d) || draft.d.length === 0) return null;
    return draft.d
      .slice(0, BUYBACK_RULES.maxDevicesPerApplication)
      .map(
        (row) =>
          Object.fromEntries(
            DEVICE_FIELDS.map((f, i) => [f, typeof row[i] === "string" ? row[i].slice(0, 100) : ""]),
          ) as DeviceValues,
      );
  } catch {
    return null;
  }
}
