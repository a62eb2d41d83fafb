import { z } from "zod";
import { getProfile, type Profile } from "#core/account/get-profile.ts";
import { PROFILE_LABELS, ZUpdateProfile } from "#core/account/profile-fields.ts";
import { removeAvatar, setAvatar } from "#core/account/set-avatar.ts";
import { updateProfile } from "#core/account/update-profile.ts";
import { defineRoute } from "../define.ts";
import { IMAGE_CONTENT_TYPES, IMAGE_UPLOAD_MAX_BYTES } from "./item-photos.ts";

const ZProfile = z.object({
  id: z.number().int(),
  nickname: z.string(),
  introduction: z.string(),
  avatarUrls: z.object({ small: z.string(), large: z.string() }).nullable(),
});

function profileJson(p: Profile) {
  return { id: p.id, nickname: p.nickname, introduction: p.introduction, avatarUrls: p.avatarUrls };
}

const NO_STORE = { "Cache-Control": "no-store" };

export const profileRoutes = [
  defineRoute({
    method: "get",
    path: "/me/profile",
    summary: "The logged-in member's public profile: nickname, introduction, avatar",
    tag: "profile",
    auth: "user",
    responses: { 200: { description: "The profile", schema: ZProfile } },
    async handler({ ctx, actor }) {
      return { status: 200, body: profileJson(await getProfile(ctx, actor!.id)), headers: NO_STORE };
    },
  }),
  defineRoute({
    method: "patch",
    path: "/me/profile",
    summary:
      "Change the nickname (1-20 characters) and/or the introduction (up to 1,000, line breaks allowed)",
    tag: "profile",
    auth: "user",
    body: ZUpdateProfile,
    labels: PROFILE_LABELS,
    responses: { 200: { description: "The changed profile", schema: ZProfile } },
    async handler({ ctx, actor, body }) {
      return {
        status: 200,
        body: profileJson(await updateProfile(ctx, { actor: actor!, input: body })),
        headers: NO_STORE,
      };
    },
  }),
  defineRoute({
    method: "put",
    path: "/me/avatar",
    summary: "Set the avatar (JPEG, PNG, WebP or HEIC; at most 10 MB, 40 megapixels); the old one is deleted",
    tag: "profile",
    auth: "user",
    multipart: {
      maxBytes: IMAGE_UPLOAD_MAX_BYTES,
      files: {
        avatar: {
          description:
            "The image. Its type is read from its content; it is re-encoded and stripped of metadata",
          contentTypes: IMAGE_CONTENT_TYPES,
        },
      },
    },
    responses: {
      200: { description: "The profile with its new avatar", schema: ZProfile },
      422: { description: "No file, or an image that cannot be read" },
    },
    async handler({ ctx, actor, files }) {
      await setAvatar(ctx, { actor: actor!, bytes: files.avatar! });
      return { status: 200, body: profileJson(await getProfile(ctx, actor!.id)), headers: NO_STORE };
    },
  }),
  defineRoute({
    method: "delete",
    path: "/me/avatar",
    summary: "Remove the avatar",
    tag: "profile",
    auth: "user",
    responses: { 204: { description: "Removed" } },
    async handler({ ctx, actor }) {
      await removeAvatar(ctx, { actor: actor! });
      return { status: 204 };
    },
  }),
];
