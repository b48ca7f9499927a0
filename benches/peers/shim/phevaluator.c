/* feltkit-peers' shim over PokerHandEvaluator (github.com/HenryRLee/PokerHandEvaluator,
 * Apache-2.0): the seven-card workloads of benches/peers/src/main.rs as C functions. Our code;
 * the evaluator's own sources are compiled from the directory in FELTKIT_PEER_PHEVALUATOR.
 *
 * PokerHandEvaluator's card ids are feltkit's indices (rank * 4 + suit, suits c d h s), so
 * cards pass unchanged. Its values run from 1 (a royal flush) to 7462: smaller is better. */

#include <stddef.h>
#include <stdint.h>

#include "phevaluator/phevaluator.h"

/* Every seven-card hand of the 52 cards in nested-loop order, each ranked with
 * evaluate_7cards (the library's seven-card call: it keeps no partial hand); the sum of the
 * values. */
uint64_t feltkit_peer_phevaluator_enumerate(void) {
  uint64_t sum = 0;
  for (int a = 0; a < 52; ++a)
    for (int b = a + 1; b < 52; ++b)
      for (int c = b + 1; c < 52; ++c)
        for (int d = c + 1; d < 52; ++d)
          for (int e = d + 1; e < 52; ++e)
            for (int f = e + 1; f < 52; ++f)
              for (int g = f + 1; g < 52; ++g)
                sum += (uint64_t)evaluate_7cards(a, b, c, d, e, f, g);
  return sum;
}

/* The counts of every value over all seven-card hands: counts[v] for v < len. */
void feltkit_peer_phevaluator_histogram(uint64_t *counts, size_t len) {
  for (int a = 0; a < 52; ++a)
    for (int b = a + 1; b < 52; ++b)
      for (int c = b + 1; c < 52; ++c)
        for (int d = c + 1; d < 52; ++d)
          for (int e = d + 1; e < 52; ++e)
            for (int f = e + 1; f < 52; ++f)
              for (int g = f + 1; g < 52; ++g) {
                int v = evaluate_7cards(a, b, c, d, e, f, g);
                if (v >= 0 && (size_t)v < len) ++counts[v];
              }
}

/* Ranks `n` hands of seven card ids; the sum of the values. */
uint64_t feltkit_peer_phevaluator_random(const uint8_t *hands, size_t n) {
  uint64_t sum = 0;
  for (size_t i = 0; i < n; ++i) {
    const uint8_t *p = hands + 7 * i;
    sum += (uint64_t)evaluate_7cards(p[0], p[1], p[2], p[3], p[4], p[5], p[6]);
  }
  return sum;
}

/* The value of each of `n` hands of seven card ids. */
void feltkit_peer_phevaluator_values(const uint8_t *hands, size_t n, uint16_t *out) {
  for (size_t i = 0; i < n; ++i) {
    const uint8_t *p = hands + 7 * i;
    out[i] = (uint16_t)evaluate_7cards(p[0], p[1], p[2], p[3], p[4], p[5], p[6]);
  }
}
