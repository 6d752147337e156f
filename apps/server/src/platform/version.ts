import packageJson from '../../package.json' with { type: 'json' };

/** Version of the server package, reported by /api/health and the OpenAPI document. */
export const SERVER_VERSION: string = packageJson.version;
