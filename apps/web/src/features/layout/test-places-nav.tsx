import { Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import classes from './layout.module.css';
import { TEST_PLACES } from './portal-places.ts';

/**
 * The signed-in home's way to every page of a test, for a patient who comes back and wants
 * their order, their partner or a counseling visit rather than a report: the same places as
 * the 'Your tests' menu, each with what it is for.
 */
export function TestPlacesNav() {
  return (
    <nav aria-labelledby="test-places" className={classes.places}>
      <Title order={2} size="h4" id="test-places">
        Everything for your tests
      </Title>
      <ul className={classes.placesList}>
        {TEST_PLACES.map((place) => (
          <li key={place.to}>
            <Link to={place.to} className={classes.placeLink}>
              <span className={classes.placeLabel}>{place.label}</span>
              <span className={classes.placeHint}>{place.hint}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
