import { describe } from "vitest";
import { goldenMatrix } from "#tests/helpers/golden.ts";
import { MEDIA_POST_MACHINE } from "./post-states.ts";

describe("media post state machine", () => {
  // Written out by hand: o = operator (one who writes the media: `news:write`).
  goldenMatrix(MEDIA_POST_MACHINE, {
    roles: { o: "operator" },
    create: { draft: "o" },
    grid: `
                            draft published
      publish    published  o     o
      unpublish  draft      -     o
    `,
  });
});
