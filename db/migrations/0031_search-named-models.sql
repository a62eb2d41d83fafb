-- A listing with no model chosen is now also found by the other names of the model its title names
-- (「iPhone SE 第2世代」 by SE2): the rows written before are rebuilt at start (indexUnsearchableItems).
DELETE FROM "item_search";
