// What a table state message holds is the table machine's (packages/table): the practice table
// in the browser builds the same message from the same function.
export { tableState } from '@fives/table';
