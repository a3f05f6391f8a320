// What the table says about its deals is the table machine's (packages/table).
export { fairnessOf } from '@fives/table';
