// feltkit-peers' shim over OMPEval (github.com/zekyll/OMPEval, ISC licence): the workloads of
// benches/peers/src/main.rs as C functions. Our code; OMPEval's own sources are compiled from
// the directory in FELTKIT_PEER_OMPEVAL.
//
// Cards cross this boundary as feltkit's indices (rank * 4 + suit, suits c d h s, 2c = 0);
// OMPEval's are rank * 4 + suit with suits s h c d.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "omp/EquityCalculator.h"
#include "omp/HandEvaluator.h"

namespace {

unsigned omp_card(uint8_t c) {
    static const unsigned suit[4] = {2, 3, 1, 0};
    return (c & ~3u) | suit[c & 3];
}

const omp::HandEvaluator& evaluator() {
    static const omp::HandEvaluator e;
    return e;
}

}  // namespace

extern "C" {

// Every seven-card hand of the 52 cards taken in feltkit's index order, in nested-loop order,
// each partial hand built once per loop with Hand's addition (as OMPEval's own benchmark
// does); the sum of the values.
uint64_t feltkit_peer_ompeval_enumerate(void) {
    const omp::HandEvaluator& e = evaluator();
    omp::Hand cards[52];
    for (unsigned i = 0; i < 52; ++i) cards[i] = omp::Hand(omp_card((uint8_t)i));
    uint64_t sum = 0;
    for (unsigned a = 0; a < 52; ++a) {
        omp::Hand ha = omp::Hand::empty() + cards[a];
        for (unsigned b = a + 1; b < 52; ++b) {
            omp::Hand hb = ha + cards[b];
            for (unsigned c = b + 1; c < 52; ++c) {
                omp::Hand hc = hb + cards[c];
                for (unsigned d = c + 1; d < 52; ++d) {
                    omp::Hand hd = hc + cards[d];
                    for (unsigned f = d + 1; f < 52; ++f) {
                        omp::Hand hf = hd + cards[f];
                        for (unsigned g = f + 1; g < 52; ++g) {
                            omp::Hand hg = hf + cards[g];
                            for (unsigned h = g + 1; h < 52; ++h) sum += e.evaluate(hg + cards[h]);
                        }
                    }
                }
            }
        }
    }
    return sum;
}

// The counts of every value over all seven-card hands: counts[v] for v < len (65,536).
void feltkit_peer_ompeval_histogram(uint64_t* counts, size_t len) {
    const omp::HandEvaluator& e = evaluator();
    omp::Hand cards[52];
    for (unsigned i = 0; i < 52; ++i) cards[i] = omp::Hand(omp_card((uint8_t)i));
    for (unsigned a = 0; a < 52; ++a)
        for (unsigned b = a + 1; b < 52; ++b)
            for (unsigned c = b + 1; c < 52; ++c)
                for (unsigned d = c + 1; d < 52; ++d)
                    for (unsigned f = d + 1; f < 52; ++f) {
                        omp::Hand hf =
                            omp::Hand::empty() + cards[a] + cards[b] + cards[c] + cards[d] + cards[f];
                        for (unsigned g = f + 1; g < 52; ++g)
                            for (unsigned h = g + 1; h < 52; ++h) {
                                uint16_t v = e.evaluate(hf + cards[g] + cards[h]);
                                if (v < len) ++counts[v];
                            }
                    }
}

// Translates `n` hands of seven feltkit card indices to OMPEval's indices (outside the timing).
void feltkit_peer_ompeval_cards(const uint8_t* hands, size_t n, uint8_t* out) {
    for (size_t i = 0; i < n * 7; ++i) out[i] = (uint8_t)omp_card(hands[i]);
}

// Ranks `n` hands of seven OMPEval card indices as OMPEval's benchmark does (a Hand built from
// the seven cards, then evaluated); the sum of the values.
uint64_t feltkit_peer_ompeval_random(const uint8_t* hands, size_t n) {
    const omp::HandEvaluator& e = evaluator();
    uint64_t sum = 0;
    for (size_t i = 0; i < n; ++i) {
        const uint8_t* p = hands + 7 * i;
        omp::Hand h = omp::Hand::empty() + omp::Hand(p[0]) + omp::Hand(p[1]) + omp::Hand(p[2]) +
                      omp::Hand(p[3]) + omp::Hand(p[4]) + omp::Hand(p[5]) + omp::Hand(p[6]);
        sum += e.evaluate(h);
    }
    return sum;
}

// The value of each of `n` hands of seven OMPEval card indices.
void feltkit_peer_ompeval_values(const uint8_t* hands, size_t n, uint16_t* out) {
    const omp::HandEvaluator& e = evaluator();
    for (size_t i = 0; i < n; ++i) {
        const uint8_t* p = hands + 7 * i;
        omp::Hand h = omp::Hand::empty();
        for (unsigned k = 0; k < 7; ++k) h += omp::Hand(p[k]);
        out[i] = e.evaluate(h);
    }
}

// Hold'em equity with OMPEval's EquityCalculator: `players` ranges in OMPEval's notation, a
// board and dead cards as text ("" for none), exact enumeration or Monte Carlo stopped after
// about `deals` deals, on `threads` threads. Writes the deals won by each set of winners
// (`by_winners[mask]`, bit i = player i; 1 << players entries) and the deals counted. Returns
// 0, or 1 when OMPEval refuses the query, 2 when it throws.
int feltkit_peer_ompeval_equity(const char* const* ranges, unsigned players, const char* board,
                                const char* dead, int exact, uint64_t deals, unsigned threads,
                                uint64_t* by_winners, uint64_t* counted) {
    try {
        std::vector<omp::CardRange> r;
        for (unsigned i = 0; i < players; ++i) r.emplace_back(std::string(ranges[i]));
        omp::EquityCalculator eq;
        if (!exact) eq.setHandLimit(deals);
        uint64_t b = omp::CardRange::getCardMask(board);
        uint64_t d = omp::CardRange::getCardMask(dead);
        // Monte Carlo: no standard-error target (0), only the deal limit.
        if (!eq.start(r, b, d, exact != 0, exact ? 5e-5 : 0.0, nullptr, 0.2, threads)) return 1;
        eq.wait();
        omp::EquityCalculator::Results res = eq.getResults();
        for (unsigned m = 0; m < (1u << players); ++m) by_winners[m] = res.winsByPlayerMask[m];
        *counted = res.hands;
        return 0;
    } catch (...) {
        return 2;
    }
}

}  // extern "C"
