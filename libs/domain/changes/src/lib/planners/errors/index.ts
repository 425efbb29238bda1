export * from './planner-errors';
