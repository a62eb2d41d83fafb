import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import { AppError } from "#core/shared/errors.ts";
import { apiLocale, errorBody } from "./api/v1/index.ts";
import { headersTooLargePage, unreadablePage } from "./malformed.ts";

/** What Node's HTTP parser hands over with a request it refused. */
type ClientError = Error & { code?: string; rawPacket?: Buffer };

/**
 * A request Node's HTTP parser refuses before any route runs: headers past its 16 KiB (too many
 * or too large cookies, as a rule) or a request line or header it cannot read. Node would answer a
 * bare status line. Here the API gets its JSON error and a browser the short page, in the
 * request's language as far as the bytes read tell it: the path's `/en/`, else for the API its
 * Accept-Language.
 */
export function answerUnparsedRequest(error: ClientError, socket: Duplex): void {
  if (error.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") {
    socket.end("HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
    return;
  }
  const head = error.rawPacket?.toString("latin1") ?? "";
  const path = /^[A-Z]+ (\/\S*)/.exec(head)?.[1] ?? "/";
  const tooLarge = error.code === "HPE_HEADER_OVERFLOW";
  const refusal = new AppError(tooLarge ? "HEADERS_TOO_LARGE" : "BAD_REQUEST");
  let type: string;
  let body: string;
  if (path.startsWith("/api/")) {
    const accepted = /\r\naccept-language:[ \t]*([^\r\n]*)/i.exec(head)?.[1];
    type = "application/json; charset=utf-8";
    body = JSON.stringify(errorBody(refusal, apiLocale(accepted)));
  } else {
    type = "text/html; charset=utf-8";
    body = tooLarge ? headersTooLargePage(path) : unreadablePage(path);
  }
  socket.on("error", () => socket.destroy());
  socket.end(
    `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status]}\r\nContent-Type: ${type}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Cache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
  );
}
