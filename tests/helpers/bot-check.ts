import type { BotCheckAction } from "#core/identity/bot-check.ts";

/** A token from the bot check sandbox's endpoint of a running server, as the page's script gets one. */
export async function sandboxBotToken(
  baseUrl: string,
  action: BotCheckAction,
  o: { bot?: boolean } = {},
): Promise<string> {
  const res = await fetch(
    `${baseUrl}/sandbox/bot-check/token?action=${action}${o.bot ? "&verdict=bot" : ""}`,
  );
  if (!res.ok) throw new Error(`bot check sandbox answered ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}
