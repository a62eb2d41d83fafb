import { mediaPosts } from "#db/schema/index.ts";
import { msg } from "../shared/i18n/translate.ts";
import { defineMachine } from "../state/machine.ts";

/**
 * A post's life: an operator who writes the media (`news:write`) saves it as a `draft`, publishes
 * it (`published`: public once its `published_at` has come, so a later time schedules it), publishes
 * it again to move its time, and unpublishes it back to `draft`. Scheduled and public are one state
 * told apart by the time, not by a step.
 */
export const MEDIA_POST_MACHINE = defineMachine({
  name: "media_post",
  states: mediaPosts.state.enumValues,
  create: { draft: ["operator"] },
  transitions: {
    publish: { from: ["draft", "published"], to: "published", by: ["operator"] },
    unpublish: { from: ["published"], to: "draft", by: ["operator"] },
  },
  messages: { notNow: msg("posts.errors.changedMeanwhile") },
});

export type MediaPostState = (typeof MEDIA_POST_MACHINE.states)[number];
export type MediaPostAction = keyof typeof MEDIA_POST_MACHINE.transitions;
