export * from './lib/change-planner';
export * from './lib/row-operation';
export * from './lib/planners';
