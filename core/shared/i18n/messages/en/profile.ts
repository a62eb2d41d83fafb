import type { Messages } from "../../messages.ts";

/** The member's own profile settings: nickname, introduction and avatar. */
export const enProfile: Pick<Messages, "profile"> = {
  profile: {
    title: "Profile",
    lead: "Your nickname, introduction and profile picture are shown to other members.",
    menu: "Profile",
    avatar: "Profile picture",
    avatarCurrent: "Your current profile picture",
    avatarSelected: "The picture you chose (saved when you press Save)",
    avatarNone: "No profile picture yet",
    avatarHint: "JPEG, PNG, WebP or HEIC, up to 10 MB. Location and other camera data are removed",
    avatarTooLarge: "The picture you chose is larger than 10 MB. Please choose another one",
    removeAvatar: "Remove the profile picture",
    nickname: "Nickname",
    nicknameHint: "Up to 20 characters",
    introduction: "Introduction",
    introductionHint: "Up to 1,000 characters. Line breaks are allowed",
    characters: "{count} / 1,000 characters",
    submit: "Save",
    saved: "Your profile was saved",
  },
};
