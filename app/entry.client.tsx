import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { DEFAULT_LOCALE, isLocale } from "#core/shared/locale.ts";
import { loadMessages } from "./i18n/index.ts";
import { reloadOnce } from "./lib/new-builds.ts";

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

// The page carries the messages of its own language only, in a file of their own that its head
// preloads (decision 031). They are read before the page hydrates, so it says what the server said.
// A file that cannot be loaded (a new build replaced it) reloads the page once, as code does (029).
const lang = document.documentElement.lang;
loadMessages(isLocale(lang) ? lang : DEFAULT_LOCALE).then(hydrate, () => {
  reloadOnce(window.location.pathname);
});
