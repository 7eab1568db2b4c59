// Vitest setup file: every answer the API tests receive through the test client is checked against
// the OpenAPI document (built once by ./openapi-document.ts): the operation must be in it (or the
// answer is the 404 of an unknown route), the status must be one it lists, the media type too, and a
// JSON body must validate against that response's schema (ajv, with the date and date-time formats).
// A mismatch throws, so the test that received the answer fails.
import { inject } from 'vitest';
import { checkAnswersWith } from './app.js';
import { answerChecker } from './openapi.js';

checkAnswersWith(answerChecker(inject('openapiDocument')));
