export * from './lib/change-planner';
export * from './lib/row-operation';
