import fp from 'fastify-plugin'
import { placeService } from '../services/places/place-service'

/** `app.places`: one place service for the place routes and the geocoding of route ends. */
export const placesPlugin = fp(
  async (app) => {
    app.decorate(
      'places',
      placeService(app.config, (err) =>
        app.log.warn({ err }, 'place service failed; answering no match'),
      ),
    )
  },
  { name: 'places', dependencies: ['config'] },
)
