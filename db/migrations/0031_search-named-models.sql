-- Search rows gain the names of the model a title names when the seller chose none (「iPhone SE
-- 第2世代」 is found by SE2) and the words people type for a listing's facts (スマホ, ドコモ, 赤,
-- ジャンク): the rows written before are rebuilt at start (indexUnsearchableItems).
DELETE FROM "item_search";
