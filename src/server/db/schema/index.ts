export * from './files';
export * from './site';
export * from './content';
export * from './accounts';
export * from './submissions';
export * from './security';
