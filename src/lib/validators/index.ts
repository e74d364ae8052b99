export * from './name';
export * from './password';
export * from './phone';
export * from './schemas';
export * from './tw-id';
