import type { z } from "zod";
import type { SessionUser } from "#core/identity/sessions.ts";
import type { CoreContext } from "#core/shared/context.ts";
import type { Locale } from "#core/shared/locale.ts";
import type { FieldLabelMessages } from "#core/shared/validation/index.ts";
import type { Permission } from "#core/staff/permissions.ts";
import type { ReadCache } from "../read-cache.ts";
import type { SystemInfo } from "../system.ts";

type ApiAuth = "none" | "optional" | "user";

/**
 * A `multipart/form-data` request body made of files (uploads). Each named part must hold a
 * non-empty file; the whole body may be at most `maxBytes`, else the answer is a 413.
 */
export type MultipartSpec = {
  maxBytes: number;
  files: Record<string, { description: string; contentTypes: readonly string[] }>;
};

export type HandlerArgs<B, Q> = {
  body: B;
  query: Q;
  /** The files of a multipart request, by part name; empty for other requests. */
  files: Record<string, Uint8Array>;
  params: Record<string, string>;
  actor: SessionUser | null;
  /** The bearer token or session cookie the caller used, when any. */
  token: string | null;
  ctx: CoreContext;
  /** This server's database engine and pool, mail's last outcome and build (the health check). */
  system: SystemInfo;
  /** Data every caller sees alike, kept briefly between requests (decision 030). */
  reads: ReadCache;
  locale: Locale;
  ip: string;
  userAgent: string;
  /** The request's id (the X-Request-Id answer header), kept in the audit log by operator calls. */
  requestId: string;
  /** A request header by (case-insensitive) name. */
  header(name: string): string | undefined;
};

export type ApiResult = {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Instead of a JSON body: bytes sent as they come (a CSV download); `headers` say what they are. */
  stream?: ReadableStream<Uint8Array>;
};

type ApiResponse = {
  description: string;
  schema?: z.ZodType;
  /** The media type (without parameters) of a streamed answer, e.g. `text/csv`. */
  contentType?: string;
  /** Answers with no body (implied by 204). */
  empty?: true;
};

export type ApiRoute = {
  method: "get" | "post" | "put" | "patch" | "delete";
  /** OpenAPI path under /api/v1, e.g. `/items/{id}`. */
  path: string;
  summary: string;
  tag: string;
  auth: ApiAuth;
  /**
   * A back-office endpoint: the operator's roles must grant this permission, checked before the
   * request is read (the use case checks it again). Everyone else gets 403.
   */
  permission?: Permission;
  body?: z.ZodType;
  /** Instead of a JSON body: files sent as multipart/form-data. */
  multipart?: MultipartSpec;
  query?: z.ZodType;
  /** Request headers the endpoint requires, with what they mean (documented in OpenAPI). */
  headers?: Record<string, string>;
  /** Field names for validation messages, as catalogue messages. */
  labels?: FieldLabelMessages;
  /**
   * Each status the endpoint answers with. A body is declared by its `schema` (JSON, camelCase as the
   * handler returns it) or, for bytes sent as they come, its `contentType`; errors (4xx/5xx) without
   * a schema of their own answer with the shared error shape (`ZApiError`).
   */
  responses: Record<number, ApiResponse>;
  handler(args: HandlerArgs<never, never>): Promise<ApiResult>;
};

/** Declares one endpoint: its contract (used for validation and the OpenAPI document) and its handler. */
export function defineRoute<
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
>(
  route: Omit<ApiRoute, "body" | "query" | "handler"> & {
    body?: B;
    query?: Q;
    handler(
      args: HandlerArgs<
        B extends z.ZodType ? z.output<B> : undefined,
        Q extends z.ZodType ? z.output<Q> : undefined
      >,
    ): Promise<ApiResult>;
  },
): ApiRoute {
  return route as unknown as ApiRoute;
}
