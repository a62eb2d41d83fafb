/** The media's words (articles, news, authors): category names, field labels and the editors' errors (decision 020). */
export const jaPosts = {
  posts: {
    categories: {
      article: {
        guide: "売り方・買い方ガイド",
        repair: "修理・メンテナンス",
        device: "端末の選び方",
        security: "データとセキュリティ",
        sustainability: "リユースと環境",
      },
      news: {
        notice: "お知らせ",
        release: "プレスリリース",
        feature: "新機能",
        maintenance: "メンテナンス",
      },
      /** A category code no table knows, shown as it is. */
      unknown: "{code}",
    },
    fields: {
      kind: "種類",
      slug: "スラッグ",
      title: "タイトル",
      description: "概要",
      body: "本文",
      authorId: "著者",
      category: "カテゴリ",
      tags: "タグ",
      ogImageKey: "OGP画像",
      publishAt: "公開日時",
      name: "名前",
      role: "肩書き",
      bio: "紹介文",
      avatarKey: "プロフィール画像",
    },
    errors: {
      publishAtInvalid: "公開日時が正しくありません",
      bodyRequired: "本文を入力してから公開してください",
      slugTaken: "このスラッグはすでに使われています",
      chooseCategory: "カテゴリを選んでください",
      chooseAuthor: "著者を選んでください",
      changedMeanwhile:
        "ほかの担当者が同時にこの記事の公開状態を変えました。ページを開き直してからもう一度お試しください",
    },
  },
};
