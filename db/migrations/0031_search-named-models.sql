-- Search rows gain the names of the model a title names when the seller chose none (「iPhone SE
-- 第2世代」 is found by SE2), the words people type for a listing's facts (スマホ, ドコモ, 赤,
-- 起動しない, ジャンク) and new spellings (256ギガ, 任天堂): the rows written before are rebuilt at
-- start (indexUnsearchableItems).
DELETE FROM "item_search";
