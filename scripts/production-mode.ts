// React and React Router pick their production or development build the first time they are
// loaded, from NODE_ENV. `npm start` serves the production build unless told otherwise, so this
// module is imported before anything that loads them.
process.env.NODE_ENV ??= "production";
