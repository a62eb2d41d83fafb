import type { Messages } from "../../messages.ts";

/** The buyer portal's bid price list: the page, its recommended prices and its errors. */
export const enBuybackBids: Pick<Messages, "buybackBids"> = {
  buybackBids: {
    title: "Bid prices",
    lead: "Enter a purchase price per model and grade; only the prices you check are active bids. Nothing is saved until you press “Confirm”.",
    fields: {
      price: "Price",
      enabled: "Check",
      quantityCap: "Quantity cap",
      expiresOn: "Expiry",
      model: "Model",
      ngCondition: "Condition (NG)",
      grade: "Grade",
      category: "Category",
      kind: "Kind of recommended price",
      bidId: "Bid ID",
    },
    errors: {
      price: "Enter the price as a whole number of yen from 1 to {max, number}",
      quantityCap:
        "Enter the quantity cap as a whole number from 0 to {max, number} (leave it empty for no cap)",
      expiresOn:
        "Choose an expiry date from tomorrow up to {max, number} days ahead (leave it empty for none)",
      capBelowReserved:
        "{count, plural, one {# device of this model is} other {# devices of this model are}} already being offered or bought on these bids, so the cap must be at least {count, number}",
      unknownModel: "This model does not exist",
      notYourBid: "This bid was not found. You can only change your own company's bids",
      duplicateRow: "The same model and condition appear twice",
      duplicateGrade: "The same grade appears twice",
      changedMeanwhile:
        "Someone else at your company saved bids at the same moment. Open the page again and try once more",
      summary: "Please check what you entered ({count, plural, one {# problem} other {# problems}})",
    },
    selectors: {
      legend: "Bids to show",
      category: "Category",
      model: "Model",
      allModels: "All models",
      ng: "Condition (NG)",
      show: "Show",
      modelCount: "{name} ({count, plural, one {# model} other {# models}})",
      leaveConfirm: "You have unsaved changes. Switching the view discards them. Continue?",
    },
    toolbar: {
      recommend: "Recommended prices",
      enableAll: "Enable all",
      disableAll: "Disable all",
      clear: "Clear",
      save: "Confirm",
      unsaved: "You have unsaved changes",
    },
    table: {
      caption: "Bid prices for {category}, {ng}",
      model: "Model",
      quantityCap: "Quantity cap",
      quantityCapHint: "Per grade; empty for no cap",
      expiresOn: "Expiry",
      expiresOnHint: "Tomorrow to {max, number} days ahead; empty for none",
      priceLabel: "Price for {model} grade {grade} (yen)",
      enableLabel: "Enable {model} grade {grade}",
      capLabel: "Quantity cap for {model}",
      expiryLabel: "Expiry for {model}",
      held: "{count, number} being offered or bought",
      status: {
        live: "Active",
        off: "Stopped",
        expired: "Expired",
        full: "Cap reached",
      },
      scrollHint: "The table scrolls both ways (the header row and the model column stay in place)",
      rowExpired: "Expired: this row's bids are not taken. Choose a new date or leave it empty, then confirm",
    },
    empty: {
      title: "No models in your list yet",
      body: "You have not priced any model for this selection. Add models from “Other models” below and enter their prices.",
    },
    noData: {
      title: "No data",
      body: "This category has no models yet. Please choose another category.",
    },
    others: {
      title: "Other models ({count, number})",
      lead: "Models of this category you have not priced yet. Adding one puts a row in the table above (nothing is saved until you confirm).",
      add: "Add",
      addLabel: "Add {model}",
      addAll: "Add all",
      none: "Every model of this category is in the table.",
    },
    recommend: {
      title: "Recommended prices",
      lead: "Calculated from recent accepted prices and every company’s current bids (no company is named).",
      kindLegend: "Pricing approach",
      bullish: "Bullish (high purchase demand)",
      bullishHint:
        "The higher of the 75th percentile of prices accepted in the last {days, number} days and the best current bid",
      bearish: "Bearish (moderate demand)",
      short: { bullish: "Bullish", bearish: "Bearish" },
      bearishHint:
        "The lower of the median of prices accepted in the last {days, number} days and the second-best current bid",
      warning:
        "All current input in the table will be replaced by the recommended prices. Cells with data get the price and a check. Cells with fewer than {min, number} data points are marked “not enough data” and stay as they are.",
      notSaved: "Nothing is saved until you press “Confirm”.",
      confirm: "Replace",
      cancel: "Cancel",
      applied:
        "{kind} recommended prices entered in {filled, number} cells ({skipped, number} cells without enough data). Check them and press “Confirm”.",
      window:
        "From prices accepted in the last {days, number} days and current bids (under {min, number} points: not enough data)",
      sample:
        "From {count, number} in the last {days, number} days ({accepted, number} accepted, {bids, number} bids)",
      notEnough: "Not enough data",
      basis: {
        accepted_p75: "75th percentile of accepted prices",
        best_bid: "Best bid",
        accepted_median: "Median of accepted prices",
        second_bid: "Second-best bid",
      },
    },
    notices: {
      saved: "Confirmed",
      savedDetail: "{created, number} new, {updated, number} changed, {unchanged, number} unchanged",
      cleared: "Your input was cleared. Press “Confirm” to save it.",
      enabled:
        "Checked {count, plural, one {# cell that has} other {# cells that have}} a price. Press “Confirm” to make them active.",
      disabled: "Unchecked every bid shown. Press “Confirm” to stop them.",
      added: "{model} was added to the table. Enter its prices and press “Confirm”.",
      addedAll:
        "{count, plural, one {# model was} other {# models were}} added to the table. Enter their prices and press “Confirm”.",
      badRequest: "We could not read what was sent. Please open the page again.",
    },
  },
};
