// The table document is the table machine's (packages/table): the store keeps it as it is.
export type { DealSecret, FairDeals, RecordAppend, RematchOffer, SeatRecord, TableClock, TableDoc, TableSettings } from '@fives/table';
export { NO_CLOCK } from '@fives/table';
