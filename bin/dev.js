#!/usr/bin/env -S node --no-warnings
import { execute } from '@oclif/core';
await execute({ development: true, dir: import.meta.url });
