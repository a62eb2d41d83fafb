/** Why an uploaded image is refused (`images.*`, decision 020). */
export const jaImages = {
  images: {
    unsupported: "JPEG・PNG・WebP・HEIC形式の画像を選んでください",
    tooLarge: "画像のファイルサイズは10MBまでです",
    tooManyPixels: "画像が大きすぎます。4,000万画素までの画像を選んでください",
    undecodable: "画像を読み込めませんでした。壊れていない画像を選んでください",
    missing: "画像ファイルを選んでください",
  },
};
