-- Standing areas (issue 16): a section of a chart with a capacity instead of numbered seats. Its
-- places are seats of one row like any other (so holds, bookings, season tickets and channels
-- guard them with the same statements), marked `general_admission`: the picker draws the area as
-- one block, a buyer asks for a number of places and the server picks free ones, and the orphan
-- rule does not apply.
ALTER TABLE seats ADD COLUMN general_admission boolean NOT NULL DEFAULT false;
