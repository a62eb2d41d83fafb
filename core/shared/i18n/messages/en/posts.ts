import type { Messages } from "../../messages.ts";

/** The media's words (articles, news, authors): category names, field labels and the editors' errors. */
export const enPosts: Pick<Messages, "posts"> = {
  posts: {
    categories: {
      article: {
        guide: "Buying and selling guides",
        repair: "Repair and care",
        device: "Choosing a device",
        security: "Data and security",
        sustainability: "Reuse and the environment",
      },
      news: {
        notice: "Notice",
        release: "Press release",
        feature: "New feature",
        maintenance: "Maintenance",
      },
      unknown: "{code}",
    },
    fields: {
      kind: "Kind",
      slug: "Slug",
      title: "Title",
      description: "Description",
      body: "Body",
      authorId: "Author",
      category: "Category",
      tags: "Tags",
      ogImageKey: "Sharing image",
      publishAt: "Publish at",
      name: "Name",
      role: "Role",
      bio: "Biography",
      avatarKey: "Portrait",
    },
    errors: {
      publishAtInvalid: "The publication time is not valid",
      bodyRequired: "Write the body before publishing",
      slugTaken: "This slug is already in use",
      chooseCategory: "Choose a category",
      chooseAuthor: "Choose an author",
      changedMeanwhile:
        "Someone else changed whether this post is public at the same time. Open the page again and try once more",
    },
  },
};
