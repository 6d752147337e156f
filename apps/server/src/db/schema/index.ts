export * from './dev-outbox.ts';
export * from './merchant.ts';
export * from './accounts.ts';
