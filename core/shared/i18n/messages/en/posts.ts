import type { Messages } from "../../messages.ts";

export const enPosts: Pick<Messages, "posts"> = {
  posts: {},
};
