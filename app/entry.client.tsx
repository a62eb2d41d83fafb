import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { DEFAULT_LOCALE, isLocale } from "#core/shared/locale.ts";
import { loadMessagesFor } from "./i18n/page-messages.ts";
import { reloadOnce } from "./lib/new-builds.ts";
import { startPhraseBreaks } from "./lib/phrase-breaks.ts";

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
  if ("requestIdleCallback" in window) window.requestIdleCallback(startPhraseBreaks);
  else setTimeout(startPhraseBreaks, 200);
}

// The page carries the messages of its own language only, in a file of their own that its head
// preloads (decision 031), with the back office's part on a back-office page. They are read before
// the page hydrates, so it says what the server said.
// A file that cannot be loaded (a new build replaced it) reloads the page once, as code does (029).
const lang = document.documentElement.lang;
loadMessagesFor(isLocale(lang) ? lang : DEFAULT_LOCALE, window.location.pathname).then(hydrate, () => {
  reloadOnce(window.location.pathname);
});
