/**
 * A reproducible bell-shaped population for chart tests: 2,000 scores from a seeded random
 * generator (Box–Muller over a linear congruential generator), mean 0, standard deviation 1.
 */
export function testPopulation(size = 2000, seed = 42): number[] {
  let state = seed;
  const random = () => {
    state = (state * 1_664_525 + 1_013_904_223) % 2 ** 32;
    return (state + 1) / (2 ** 32 + 1);
  };
  return Array.from({ length: size }, () => {
    const radius = Math.sqrt(-2 * Math.log(random()));
    return radius * Math.cos(2 * Math.PI * random());
  });
}
