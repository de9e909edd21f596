package design

import "github.com/tokengen/tokengen/tokenbuild"

const summaryFormat = "app/sumary"

func Config() tokenbuild.Config {
	return tokenbuild.Config{
		Source: []string{"tokens.json"},
		Platforms: []tokenbuild.Platform{
			{
				Name:           "css",
				TransformGroup: "css",
				Transforms:     []string{"name/kebab", "app/nope"},
				BuildPath:      "build/",
				Files: []tokenbuild.File{
					{Destination: "vars.css", Format: "css/variabls"},
					{Destination: "summary.md", Format: summaryFormat},
				},
			},
			{
				Name:      "scss",
				BuildPath: "build/",
				Files: []tokenbuild.File{
					{Destination: "vars.scss", Format: "css/variabls", Options: tokenbuild.Options{"fileHeader": "app/hdr"}},
				},
			},
			page("web", "css/variabls"),
			page("app", "css/variabls"),
			{Name: "android", Files: []tokenbuild.File{{Destination: "a.xml", Format: "android/typo"}}},
			page("ios", "android/typo"),
		},
	}
}

func page(name, format string) tokenbuild.Platform {
	return tokenbuild.Platform{Name: name, Files: []tokenbuild.File{{Destination: name + ".css", Format: format}}}
}
