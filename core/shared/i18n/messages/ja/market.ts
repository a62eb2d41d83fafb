/** Market prices (相場): what a model in a condition sold for over the last 90 days. */
export const jaMarket = {
  market: {
    title: "この機種・状態の相場",
    brandTitle: "{brand}の機種別の相場",
    brandNote: "過去{days}日間に売れた商品の価格（中央値）です。",
    median: "中央値",
    range: "{low}〜{high}",
    rangeNote: "半数の取引がこの価格帯でした",
    count: "過去{days}日の取引 {count}件",
    notEnough: "取引が少ないため、まだ相場を出せません（過去{days}日の取引 {count}件）",
    trendUp: "上昇傾向（{percent}%）",
    trendDown: "下落傾向（{percent}%）",
    trendFlat: "横ばい",
    trendNote: "直近30日と、その前の60日の中央値の比較",
    suggested: "相場の目安：{median}（{low}〜{high}）",
    suggestedNote: "同じ機種・状態で過去{days}日に売れた{count}件の価格です",
    suggestedNotEnough: "この機種・状態の取引がまだ少ないため、相場の目安はありません",
    columns: {
      model: "機種",
      condition: "状態",
      median: "中央値",
      range: "価格帯（半数）",
      count: "取引数",
    },
  },
};
