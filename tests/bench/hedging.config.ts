// The hedging benchmark: the Consult wall-time benchmark's servers (the release build and the
// fixed-latency server, on their own ports), another spec and a longer time limit.
import wallTime from './playwright.config';

export default {
  ...wallTime,
  testMatch: /hedging\.bench\.ts$/,
  timeout: 60 * 60_000,
};
