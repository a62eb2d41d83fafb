/** Market prices: what a model in a condition sold for over the last 90 days. */
export const enMarket = {
  market: {
    title: "Market price for this model and condition",
    brandTitle: "Market prices of {brand} models",
    brandNote: "The median price listings sold for over the last {days} days.",
    median: "Median",
    range: "{low}–{high}",
    rangeNote: "Half of the sales were in this range",
    count: "{count, plural, one {# sale} other {# sales}} in the last {days} days",
    notEnough: "Not enough sales for a market price yet ({count} in the last {days} days)",
    trendUp: "Rising ({percent}%)",
    trendDown: "Falling ({percent}%)",
    trendFlat: "Steady",
    trendNote: "The median of the last 30 days against the 60 days before",
    suggested: "Market price: {median} ({low}–{high})",
    suggestedNote:
      "From {count, plural, one {# sale} other {# sales}} of this model in this condition over the last {days} days",
    suggestedNotEnough: "Not enough sales of this model in this condition for a suggested price yet",
    columns: {
      model: "Model",
      condition: "Condition",
      median: "Median",
      range: "Range (half of sales)",
      count: "Sales",
    },
  },
};
