// A table's public face is worked out by the table machine (packages/table), from its document alone.
export { OPEN_TABLES_LIMIT, openEntry, rulesOf, seatOf, seatedMarks, summarize } from '@fives/table';
