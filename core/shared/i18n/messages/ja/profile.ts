/** The member's own profile settings: nickname, introduction and avatar. */
export const jaProfile = {
  profile: {
    title: "プロフィール設定",
    lead: "ニックネーム・自己紹介・アイコン画像は、ほかの会員に公開されます。",
    menu: "プロフィール設定",
    avatar: "アイコン画像",
    avatarCurrent: "現在のアイコン画像",
    avatarSelected: "選んだ画像（保存すると反映されます）",
    avatarNone: "アイコン画像は未設定です",
    avatarHint: "JPEG・PNG・WebP・HEIC形式、10MBまで。位置情報などの撮影データは削除して保存します",
    avatarTooLarge: "選んだ画像が10MBを超えています。別の画像を選んでください",
    removeAvatar: "アイコン画像を削除する",
    nickname: "ニックネーム",
    nicknameHint: "20文字以内",
    introduction: "自己紹介",
    introductionHint: "1,000文字以内。改行できます",
    characters: "{count} / 1,000文字",
    submit: "保存する",
    saved: "プロフィールを保存しました",
  },
} as const;
