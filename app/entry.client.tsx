import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { DEFAULT_LOCALE, isLocale } from "#core/shared/locale.ts";
import { loadBootMessages } from "./i18n/page-messages.ts";
import { reloadOnce } from "./lib/new-builds.ts";
import { startPhraseBreaks } from "./lib/phrase-breaks.ts";
import { routeMap } from "./navigation/route-map.ts";

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
  // After hydration, so the page first matches what the server sent.
  const idle = () => {
    startPhraseBreaks();
    void routeMap();
  };
  if ("requestIdleCallback" in window) window.requestIdleCallback(idle);
  else setTimeout(idle, 200);
}

// The page carries the messages of its own language only, and of those the files its code and data
// read, which its head lists and preloads (decisions 031, 052). They are read before the page
// hydrates, so it says what the server said.
// A file that cannot be loaded (a new build replaced it) reloads the page once, as code does (029).
const lang = document.documentElement.lang;
loadBootMessages(isLocale(lang) ? lang : DEFAULT_LOCALE).then(hydrate, () => {
  reloadOnce(window.location.pathname);
});
