/** The REST API's own sentences (server/api): refused requests and bodies, whatever the endpoint. */
export const jaApi = {
  api: {
    crossSite: "このサイトの画面以外からの変更はできません",
    notFound: "API が見つかりません",
    json: {
      required: "JSON で送ってください",
      invalid: "JSON の形式が正しくありません",
      tooDeep: "JSON の入れ子が深すぎます",
      nul: "JSON に使えない文字（NUL）が含まれています",
    },
    body: {
      tooLargeMb: "送信できるデータは{mb}MBまでです",
      tooLarge: "送信データが大きすぎます",
    },
    multipart: {
      required: "multipart/form-data で送ってください",
      invalid: "フォームデータの形式が正しくありません",
      missingFile: "ファイルを選んでください",
    },
  },
};
