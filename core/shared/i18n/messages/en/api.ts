/** The REST API's own sentences (server/api): refused requests and bodies, whatever the endpoint. */
import type { Messages } from "../../messages.ts";

export const enApi: Pick<Messages, "api"> = {
  api: {
    crossSite: "Changes are accepted only from this site's own pages",
    notFound: "No such API endpoint",
    json: {
      required: "Send the body as application/json",
      invalid: "The body is not valid JSON",
      tooDeep: "The JSON body is nested too deeply",
      nul: "The JSON body holds a NUL character",
    },
    body: {
      tooLargeMb: "The request body can be at most {mb} MB",
      tooLarge: "The request body is too large",
    },
    multipart: {
      required: "Send the body as multipart/form-data",
      invalid: "The multipart body is not valid",
      missingFile: "Attach a file",
    },
  },
};
