import { Hono } from 'hono';
import type { AppEnv } from '../../context';

export const openapiRouter = new Hono<AppEnv>().get('/', (c) => c.json({ openapi: '3.1.0' }));
