import { z } from "zod";
import type { ApiRoute } from "./define.ts";

/** Every error answer: `{"error":{"code","reason"?,"message","fields"?}}` (the OpenAPI `Error` schema). */
export const ZApiError = z.strictObject({
  error: z.strictObject({
    code: z.string(),
    reason: z.string().optional().describe("Why, when the code alone does not say (e.g. invalid-user-token)"),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional().describe("Per field (snake_case), on 422"),
  }),
});

/**
 * Whether answers are checked against their declared schemas: only when the server runs its tests
 * (NODE_ENV=test) and `API_CHECK_RESPONSES=1` asks for it, never in production or `npm start`.
 */
export function checksResponses(env: string): boolean {
  return env === "test" && process.env.API_CHECK_RESPONSES === "1";
}

/**
 * What is wrong with an answer against its route's declaration, or null when it fits. `body` is the
 * JSON body as the handler gave it (camelCase; undefined for none) and `contentType` the answer's
 * media type when bytes are streamed. Errors (4xx/5xx) without a schema of their own must have the
 * shared error shape.
 */
export function responseMismatch(
  route: ApiRoute,
  answer: { status: number; body: unknown; contentType?: string | undefined; stream?: boolean },
): string | null {
  const where = `${route.method.toUpperCase()} ${route.path} answered ${answer.status}`;
  const declared = route.responses[answer.status];
  if (!declared && answer.status < 400) return `${where}: the status is not declared`;
  if (declared?.contentType) {
    const sent = answer.contentType?.split(";")[0]?.trim().toLowerCase();
    if (!answer.stream || sent !== declared.contentType) {
      return `${where}: declared ${declared.contentType}, sent ${answer.stream ? sent : "JSON"}`;
    }
    return null;
  }
  if (answer.stream) return `${where}: streamed bytes where JSON is declared`;
  const schema = declared?.schema ?? (answer.status >= 400 ? ZApiError : undefined);
  if (answer.body === undefined) return schema ? `${where}: no body, but a schema is declared` : null;
  if (!schema) return `${where}: a body, but no schema is declared`;
  // What travels: dates as ISO strings, undefined fields left out.
  const sent: unknown = JSON.parse(JSON.stringify(answer.body));
  const parsed = schema.safeParse(sent);
  if (!parsed.success) return `${where}: the body does not fit its schema\n${z.prettifyError(parsed.error)}`;
  const extra = undeclared(sent, parsed.data, "");
  return extra.length ? `${where}: fields the schema does not name: ${extra.join(", ")}` : null;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * The fields of `sent` that parsing dropped: a plain `z.object` drops what it does not name, so a
 * field the schema forgot is caught like one of `z.strictObject` (say `z.looseObject` to allow more).
 */
function undeclared(sent: unknown, kept: unknown, path: string): string[] {
  if (Array.isArray(sent) && Array.isArray(kept)) {
    return sent.flatMap((v, i) => undeclared(v, kept[i], `${path}[${i}]`));
  }
  if (!isRecord(sent) || !isRecord(kept)) return [];
  return Object.keys(sent).flatMap((k) =>
    k in kept ? undeclared(sent[k], kept[k], `${path}.${k}`) : [`${path}.${k}`.slice(1)],
  );
}
